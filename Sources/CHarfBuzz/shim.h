#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>

/* HB_TAG is a function-like macro and does not import into Swift. */
static inline hb_tag_t gl_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
