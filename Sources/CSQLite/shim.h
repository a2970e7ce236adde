// Debian's libsqlite3-dev: the embedded store's engine.
#include <sqlite3.h>
