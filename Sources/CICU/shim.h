/* ICU is linked through this system-library target (pkg-config icu-uc) but its headers are not imported into
   Swift: Foundation on Linux carries its own copy of ICU's C declarations (_FoundationICU), and the two clash
   in one Swift module. The C target CLineBreaking includes ICU and exposes plain C types instead. */
#define GHOSTLINE_CICU 1
