#include "application.h"

#include "document.h"

#include <QApplication>
#include <QMainWindow>

namespace tweed::editor {

int runEditor(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("Tweed");
    QApplication::setOrganizationName("Tweed");
    Document document;
    QMainWindow window;
    window.show();
    return app.exec();
}

} // namespace tweed::editor
