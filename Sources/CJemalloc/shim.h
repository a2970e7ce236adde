// Debian's libjemalloc-dev is built without a symbol prefix: linking it replaces malloc/free
// for the whole process and exposes mallctl() for reading allocator statistics.
#include <jemalloc/jemalloc.h>
