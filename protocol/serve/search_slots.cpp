// SPDX-License-Identifier: GPL-3.0-or-later
#include "search_slots.h"

#include "job_queue.h"

namespace hq::serve {

bool SearchSlots::try_acquire() {
    std::lock_guard lock(mutex);
    if (used >= slots) return false;
    ++used;
    return true;
}

void SearchSlots::release() {
    {
        std::lock_guard lock(mutex);
        --used;
    }
    jobs.post([this] { hand_over(); });
}

void SearchSlots::wait(std::weak_ptr<SlotWaiter> w) {
    {
        std::lock_guard lock(mutex);
        waiting.push_back(std::move(w));
    }
    jobs.post([this] { hand_over(); }); // a slot may have freed since the failed try
}

int SearchSlots::running() {
    std::lock_guard lock(mutex);
    return used;
}

// Calls the waiters in turn while slots are free (one that lost a race for the slot waits
// again, at the back).
void SearchSlots::hand_over() {
    for (;;) {
        std::shared_ptr<SlotWaiter> w;
        {
            std::lock_guard lock(mutex);
            if (used >= slots) return;
            while (!waiting.empty() && !w) {
                w = waiting.front().lock();
                waiting.pop_front();
            }
            if (!w) return;
        }
        w->slot_free();
    }
}

} // namespace hq::serve
