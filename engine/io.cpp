#include "io.h"

namespace hq {

std::mutex& output_mutex() {
    static std::mutex m;
    return m;
}

} // namespace hq
