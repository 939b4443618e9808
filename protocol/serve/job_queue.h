// SPDX-License-Identifier: GPL-3.0-or-later
// One thread of `harlequin serve` that runs posted jobs in order: what the engines report
// (their search lines, their moves) and the hand-over of freed search slots. Engine threads
// post here rather than lock a game themselves, so that a game that stops and waits for its
// search while holding its own lock cannot deadlock against that search's reports.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace hq::serve {

class JobQueue {
public:
    JobQueue();
    ~JobQueue() { stop(); }
    // Runs the jobs already posted, then ends the thread; later jobs never run.
    void stop();
    JobQueue(const JobQueue&) = delete;
    JobQueue& operator=(const JobQueue&) = delete;

    // From any thread; `job` runs later on the queue's thread.
    void post(std::function<void()> job);

private:
    void run();

    std::mutex mutex;
    std::condition_variable cv;
    std::deque<std::function<void()>> jobs;
    bool quitting = false;
    std::thread thread;
};

} // namespace hq::serve
