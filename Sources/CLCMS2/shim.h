// Little CMS 2 (Debian's liblcms2-dev): colour profiles for the design exports Ghostline reads.
// Only CColorBridge includes it; no lcms2 type reaches Swift.
#include <lcms2.h>
