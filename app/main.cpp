// The Tweed editor: everything lives in the tweed_editor library; this only starts it.
#include "application.h"

int main(int argc, char *argv[])
{
    return tweed::editor::runEditor(argc, argv);
}
