/* main.c: every solver executable is this harness plus one solver folder (solver.h). */
#include "harness.h"

int main(int argc, char **argv)
{
    return mst_harness_main(argc, argv);
}
