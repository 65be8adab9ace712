// Intel ISA-L's igzip: a deflate compressor several times faster than zlib at its fastest levels.
#include <isa-l/igzip_lib.h>
