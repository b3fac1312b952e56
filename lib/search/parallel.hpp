#pragma once
// Threads for the search drivers and the arena: OpenMP in every normal build.
//
// ThreadSanitizer cannot see libgomp's barriers (libgomp is not instrumented), so it reports
// every read after a parallel region as a race. The ThreadSanitizer build (NURAGHE_TSAN) runs the
// very same loop bodies on std::thread, whose start and join it understands, so its reports are
// about nuraghe's own synchronisation.

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <omp.h>

namespace nuraghe {

// Calls body(t) once for each t in [0, threads), on up to `threads` threads. (OpenMP may grant
// fewer, inside another parallel region for example; every t still runs.)
//
// An exception thrown by a body (bad input met in a game, a results file that cannot be written,
// an allocation failure) must not leave a thread: OpenMP would terminate the process. The first
// one is kept, the other threads finish their current body, and it is rethrown after the join.
template <class Body>
void run_on_threads(int threads, const Body& body) {
  if (threads <= 1) {
    body(0);
    return;
  }
  std::exception_ptr first;
  std::mutex first_mutex;
  const auto guarded = [&](int t) {
    try {
      body(t);
    } catch (...) {
      std::lock_guard lock(first_mutex);
      if (!first) first = std::current_exception();
    }
  };
#ifdef NURAGHE_TSAN
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back([&guarded, t] { guarded(t); });
  for (auto& th : pool) th.join();
#else
#pragma omp parallel for num_threads(threads) schedule(static, 1)
  for (int t = 0; t < threads; ++t) guarded(t);
#endif
  if (first) std::rethrow_exception(first);
}

// Calls body(i) for each i in [0, n), handing items to `threads` threads as they become free.
// After an exception no new item starts.
template <class Body>
void parallel_for_dynamic(int n, int threads, const Body& body) {
  std::atomic<int> next{0};
  run_on_threads(threads, [&](int) {
    for (int i = next.fetch_add(1); i < n; i = next.fetch_add(1)) {
      try {
        body(i);
      } catch (...) {
        next.store(n);
        throw;
      }
    }
  });
}

}  // namespace nuraghe
