# SPDX-License-Identifier: GPL-3.0-or-later
"""A few lines of the Chrome DevTools Protocol: Debian's headless Chromium driven over
--remote-debugging-pipe (file descriptors 3 and 4, NUL-terminated JSON messages), so no
WebSocket client is needed. Used by serve_browser.py."""

import json
import os
import select
import shutil
import subprocess
import tempfile
import time

from child import wait_or_kill


class Browser:
    # The flags this machine's closed network needs (no background connections) and root.
    FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio"]

    def __init__(self, width=1100, height=1000, binary=None):
        self.binary = binary or shutil.which("chromium") or "/usr/bin/chromium"
        self.profile = tempfile.mkdtemp(prefix="hq-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        os.set_inheritable(to_browser_r, True)
        os.set_inheritable(from_browser_w, True)

        def child_fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.proc = subprocess.Popen(
            [self.binary, *self.FLAGS, f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"],
                                 flatten=True)["sessionId"]
        self.page("Page.enable")
        self.page("Runtime.enable")
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def _send(self, message):
        data = json.dumps(message).encode() + b"\0"
        while data:
            n = os.write(self.to_browser, data)
            data = data[n:]

    def _receive(self, timeout):
        deadline = time.time() + timeout
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError("the browser did not answer")
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if ready:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError("the browser closed its pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=None, timeout=30, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self._send(message)
        while True:
            m = self._receive(timeout)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def page(self, method, **params):
        return self.call(method, session=self.session, **params)

    def eval(self, expression):
        r = self.page("Runtime.evaluate", expression=expression, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"page error in {expression!r}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def goto(self, url):
        self.page("Page.navigate", url=url)

    def wait_for(self, expression, timeout=20, what=None):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.eval(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"timed out waiting for {what or expression}")

    def click_at(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.page("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                      clickCount=1)

    def click(self, selector):
        """Clicks the middle of the element the selector finds, as a mouse would."""
        box = self.eval(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}});
            const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if not box:
            raise RuntimeError(f"nothing to click at {selector}")
        self.click_at(box[0], box[1])

    def screenshot(self, path):
        import base64
        self.eval("window.scrollTo(0, 0)")
        data = self.page("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        wait_or_kill(self.proc, 5)
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)
