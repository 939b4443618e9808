// SPDX-License-Identifier: GPL-3.0-or-later
#include "job_queue.h"

namespace hq::serve {

JobQueue::JobQueue()
    : thread([this] { run(); }) { }

void JobQueue::stop() {
    if (!thread.joinable()) return;
    {
        std::lock_guard lock(mutex);
        quitting = true;
    }
    cv.notify_all();
    thread.join();
}

void JobQueue::post(std::function<void()> job) {
    {
        std::lock_guard lock(mutex);
        jobs.push_back(std::move(job));
    }
    cv.notify_one();
}

void JobQueue::run() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex);
            cv.wait(lock, [&] { return quitting || !jobs.empty(); });
            if (jobs.empty()) return;
            job = std::move(jobs.front());
            jobs.pop_front();
        }
        job();
    }
}

} // namespace hq::serve
