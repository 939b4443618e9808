// SPDX-License-Identifier: GPL-3.0-or-later
// The search slots of `harlequin serve`: at most so many searches run at once (--max-searches)
// however many games are open. A game takes a slot when one is free (try_acquire); a game
// whose engine must move waits in line (wait) and is called back when a slot frees, first
// come first served.
#pragma once

#include <deque>
#include <memory>
#include <mutex>

namespace hq::serve {

class JobQueue;

// A game waiting for a slot.
class SlotWaiter {
public:
    virtual ~SlotWaiter() = default;
    // On the job queue's thread, with no lock of the slots held: a slot may be free now (the
    // waiter takes it with try_acquire, or waits again).
    virtual void slot_free() = 0;
};

class SearchSlots {
public:
    // Hand-overs run on `jobs`: a slot is released under its game's lock, and the next game
    // in line must be called with that lock let go.
    SearchSlots(int slots, JobQueue& jobs)
        : slots(slots)
        , jobs(jobs) { }

    bool try_acquire();
    void release();
    // In line for a slot; a waiter that is gone by its turn is skipped.
    void wait(std::weak_ptr<SlotWaiter> w);
    int running();

private:
    void hand_over();

    const int slots;
    JobQueue& jobs;
    std::mutex mutex;
    int used = 0;
    std::deque<std::weak_ptr<SlotWaiter>> waiting;
};

} // namespace hq::serve
