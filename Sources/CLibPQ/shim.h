// Debian's libpq-dev: the client library of a PostgreSQL server, for a fleet's shared store.
#include <libpq-fe.h>
