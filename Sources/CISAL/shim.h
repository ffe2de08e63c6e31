// ISA-L's deflate engine (igzip), which CTransitDeflate drives. Declared as
// a system library so that SwiftPM links it and names the Debian package.
#include <isa-l/igzip_lib.h>
