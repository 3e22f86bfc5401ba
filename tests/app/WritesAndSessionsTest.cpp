// Every file the window writes, on a full disk, and sessions that are hostile: each test is named
// after the trap it reproduces. A full disk is simulated with RLIMIT_FSIZE (a write past the limit
// fails with EFBIG exactly where ENOSPC would, and Qt 6.4's QSaveFile::commit() took both for
// success); the command-line test FullDisk.ExportToAFullDiskFailsAndKeepsTheOldFile uses a real
// 32 KiB tmpfs.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>

#include <sys/resource.h>
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStatusBar>
#include <QTemporaryDir>

#include "app/figures/FigureExport.h"
#include "app/inspector/InspectorState.h"
#include "app/io/AtomicFile.h"
#include "app/lessons/LessonDeck.h"
#include "app/panels/TrainingPanel.h"
#include "app/window/AppSettings.h"
#include "app/window/MainWindow.h"
#include "app/window/Session.h"

namespace floatscope::gui {
namespace {

// Files of this process cannot grow past `bytes` while it lives: writes beyond fail with EFBIG, as
// on a full disk (SIGXFSZ, which would end the process, is ignored meanwhile).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_signal = std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &m_saved);
        const rlimit limited{bytes, m_saved.rlim_max};
        setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_signal);
    }

private:
    rlimit m_saved{};
    void (*m_signal)(int) = nullptr;
};

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

void put(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QStringList entries(const QTemporaryDir& dir) { return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden); }

TEST(AtomicFile, WritesTheWholeFileAndReplacesTheOld)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.txt"));
    put(path, "OLD");
    const QByteArray big(100000, 'x');
    EXPECT_EQ(io::writeFileAtomically(path, big), QString());
    EXPECT_EQ(contents(path), big);
    EXPECT_EQ(entries(dir), QStringList{QStringLiteral("a.txt")});
}

TEST(AtomicFile, AFullDiskKeepsTheOldFileAndSaysWhy)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.txt"));
    put(path, "OLD");
    QString error;
    {
        FileSizeLimit full(4096);
        error = io::writeFileAtomically(path, QByteArray(100000, 'x'));
    }
    EXPECT_FALSE(error.isEmpty());
    EXPECT_EQ(contents(path), "OLD");
    EXPECT_EQ(entries(dir), QStringList{QStringLiteral("a.txt")}) << "no temporary file left behind";
    // Streaming writes stop at the first failure and leave the old file too.
    {
        FileSizeLimit full(4096);
        io::AtomicFile file(path);
        ASSERT_TRUE(file.open());
        EXPECT_TRUE(file.write(QByteArray(3000, 'a')));
        EXPECT_FALSE(file.write(QByteArray(3000, 'b')));
        EXPECT_FALSE(file.commit());
    }
    EXPECT_EQ(contents(path), "OLD");
}

TEST(AtomicFile, AFolderThatIsAFileFails)
{
    QTemporaryDir dir;
    put(dir.filePath(QStringLiteral("plain")), "x");
    EXPECT_FALSE(io::writeFileAtomically(dir.filePath(QStringLiteral("plain/a.svg")), "data").isEmpty());
}

// The trap: a FIFO at the path (or a link to one) was replaced by a regular file, as a device was
// when run as root. A FIFO someone reads is written in place and stays a FIFO; one nobody reads is
// refused at once instead of blocking; a folder is refused by name.
bool isFifo(const QString& path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

TEST(AtomicFile, AFifoIsWrittenInPlaceAndStaysAFifo)
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.svg"));
    const QString link = dir.filePath(QStringLiteral("link.svg"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    ASSERT_TRUE(QFile::link(fifo, link));
    const QByteArray data(200000, 'x');  // more than a pipe holds: the reader must drain it
    for (const QString& path : {fifo, link}) {
        QByteArray read;
        std::thread reader([&] {
            QFile in(fifo);
            if (in.open(QIODevice::ReadOnly))
                read = in.readAll();
        });
        // The reader may not have opened yet: then the FIFO has no reader and is refused; try again.
        QString error;
        for (int attempt = 0; attempt < 200; ++attempt) {
            error = io::writeFileAtomically(path, data);
            if (!error.contains(QStringLiteral("nothing is reading")))
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        reader.join();
        EXPECT_EQ(error, QString()) << path.toStdString();
        EXPECT_EQ(read.size(), data.size()) << path.toStdString();
        EXPECT_TRUE(isFifo(fifo)) << "still a FIFO after writing to " << path.toStdString();
    }
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot).size(), 2)
        << "no temporary file left";
}

TEST(AtomicFile, AFifoNobodyReadsAndAFolderAreRefusedAtOnce)
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.pdf"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    EXPECT_EQ(io::writeFileAtomically(fifo, "data"), QStringLiteral("it is a FIFO that nothing is reading from"));
    EXPECT_TRUE(isFifo(fifo));
    const QString folder = dir.filePath(QStringLiteral("deck.pdf"));
    ASSERT_TRUE(QDir().mkpath(folder));
    EXPECT_EQ(io::writeFileAtomically(folder, "data"), QStringLiteral("it is a folder, not a file"));
    EXPECT_TRUE(QFileInfo(folder).isDir());
    io::AtomicFile file(folder);
    EXPECT_FALSE(file.open());
    EXPECT_FALSE(file.write("x"));
    EXPECT_FALSE(file.commit());
}

// The trap: "Save session as..." to a full disk said "Saved" and left 0 bytes.
TEST(FullDisk, SessionSaveReportsFailureAndKeepsTheOldFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.floatscope"));
    put(path, "OLD");
    MainWindow window;
    QString error;
    {
        FileSizeLimit full(64);
        error = window.saveSession(path);
    }
    EXPECT_TRUE(error.contains(QStringLiteral("already there is unchanged"))) << error.toStdString();
    EXPECT_EQ(contents(path), "OLD");
    EXPECT_FALSE(window.statusBar()->currentMessage().startsWith(QStringLiteral("Saved")));
}

// The trap: export on a full disk exited 0 with a truncated file where the old one was.
TEST(FullDisk, FigureExportReportsFailureAndKeepsTheOldFile)
{
    QTemporaryDir dir;
    MainWindow window;
    const auto figure = window.figureSources().front().make();
    for (const char* name : {"f.svg", "f.pdf", "f.png"}) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        put(path, "OLD");
        QString error;
        {
            FileSizeLimit full(2048);
            error = exportFigure(*figure, path, ExportSize{}, FigureStyle::forSlides(Theme::Light, false));
        }
        EXPECT_FALSE(error.isEmpty()) << name;
        EXPECT_EQ(contents(path), "OLD") << name;
        EXPECT_EQ(exportFigure(*figure, path, ExportSize{}, FigureStyle::forSlides(Theme::Light, false)), QString());
        EXPECT_GT(contents(path).size(), 2048) << name;
    }
}

// The same for a training recipe saved from the lab's editor.
TEST(FullDisk, RecipeSaveReportsFailureAndKeepsTheOldFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mine.recipe"));
    put(path, "OLD");
    TrainingPanel panel;
    QString error;
    {
        FileSizeLimit full(64);
        error = panel.saveRecipe(path);
    }
    EXPECT_TRUE(error.contains(QStringLiteral("already there is unchanged"))) << error.toStdString();
    EXPECT_EQ(contents(path), "OLD");
    EXPECT_EQ(entries(dir), QStringList{QStringLiteral("mine.recipe")}) << "no temporary file left behind";
    EXPECT_EQ(panel.recipeHint(), error) << "said by the editor, in red";
    EXPECT_EQ(panel.saveRecipe(path), QString());
    EXPECT_TRUE(contents(path).startsWith("name=mine\n")) << contents(path).toStdString();
}

// The same for a lesson's deck: one PDF of every page, or a folder of figures, each file whole or
// as it was, and the reason said.
TEST(FullDisk, DeckExportReportsFailureAndKeepsTheOldFiles)
{
    QTemporaryDir dir;
    std::vector<Deck> chosen;
    for (const Deck& d : decks())
        if (d.name == "accumulation")
            chosen.push_back(d);
    ASSERT_EQ(chosen.size(), 1u);
    DeckOutput pdf;
    pdf.path = dir.filePath(QStringLiteral("deck.pdf"));
    put(pdf.path, "OLD");
    DeckOutput folder;
    folder.path = dir.filePath(QStringLiteral("pages"));
    folder.folder = true;
    ASSERT_TRUE(QDir().mkpath(folder.path));
    const QString first = QDir(folder.path).filePath(LessonDeck::fileName(chosen.front(), 0, QStringLiteral("png")));
    put(first, "OLD");
    for (const DeckOutput& output : {pdf, folder}) {
        DeckResult result;
        {
            FileSizeLimit full(4096);
            result = LessonDeck::write(chosen, output);
        }
        EXPECT_TRUE(result.error.contains(QStringLiteral("unchanged"))) << result.error.toStdString();
        EXPECT_EQ(result.pages, 0);
    }
    EXPECT_EQ(contents(pdf.path), "OLD");
    EXPECT_EQ(contents(first), "OLD");
    EXPECT_EQ(QDir(folder.path).entryList(QDir::Files | QDir::Hidden), QStringList{QFileInfo(first).fileName()})
        << "no temporary file left behind";
    EXPECT_EQ(LessonDeck::write(chosen, pdf).error, QString());
    EXPECT_TRUE(contents(pdf.path).startsWith("%PDF"));
}

// The same for settings: QSettings' own writer ignored short writes and committed a truncated file.
TEST(FullDisk, SettingsThatCannotBeSavedAreReportedAndTheOldOnesKept)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("settings.json"));
    {
        AppSettings settings(path);
        settings.setValue(QStringLiteral("257"));
        ASSERT_EQ(settings.sync(), QString());
    }
    const QByteArray before = contents(path);
    {
        AppSettings settings(path);
        QStringList history;
        for (int i = 0; i < 500; ++i)
            history << QString::number(i) + QStringLiteral("e-7");
        settings.setHistory(history);
        FileSizeLimit full(512);
        EXPECT_TRUE(settings.sync().contains(QStringLiteral("could not be saved")));
    }
    EXPECT_EQ(contents(path), before);
    EXPECT_EQ(AppSettings(path).value(), QStringLiteral("257"));
}

// ---------------------------------------------------------------------------------------------
// Hostile sessions.

// The trap: a JSON array as a session was refused with "(no error occurred)".
TEST(HostileSession, AJsonArraySaysWhatItIs)
{
    const SessionRead read = parseSession("[1, 2, 3]", QStringLiteral("a.floatscope"));
    EXPECT_FALSE(read.data);
    EXPECT_TRUE(read.error.contains(QStringLiteral("JSON array"))) << read.error.toStdString();
    EXPECT_FALSE(read.error.contains(QStringLiteral("no error occurred"))) << read.error.toStdString();
}

// The trap: a session path that is a device (ln -s /dev/zero x.floatscope) was read until memory
// ran out; a FIFO blocked the window for good.
TEST(HostileSession, DeviceOrFifoIsRefusedAtOnce)
{
    QTemporaryDir dir;
    const std::filesystem::path zero = dir.filePath(QStringLiteral("zero.floatscope")).toStdString();
    std::filesystem::create_symlink("/dev/zero", zero);
    EXPECT_TRUE(readSession(QString::fromStdString(zero)).error.contains(QStringLiteral("not a regular file")));
    const QString fifo = dir.filePath(QStringLiteral("fifo.floatscope"));
    ASSERT_EQ(mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    EXPECT_TRUE(readSession(fifo).error.contains(QStringLiteral("not a regular file")));
    put(dir.filePath(QStringLiteral("big.floatscope")), QByteArray(kMaxSessionBytes + 1, ' '));
    EXPECT_TRUE(readSession(dir.filePath(QStringLiteral("big.floatscope"))).error.contains(QStringLiteral("larger than")));
}

// The trap: a 1.7 KB session with 200 fp16 rows froze the window for 112 s: opening computed every
// row five times (four with the old value) and the rows were unbounded.
TEST(HostileSession, ManyRowsAreBoundedAndComputedOnceWithTheNewValue)
{
    QJsonArray formats;
    for (int i = 0; i < 200; ++i)
        formats.append(QStringLiteral("fp16"));
    for (int e = 2; e <= 8; ++e)
        for (int m = 1; m <= 7; ++m)
            formats.append(QStringLiteral("e%1m%2").arg(e).arg(m));  // 49 distinct formats more
    const QJsonObject session{{QStringLiteral("kind"), QStringLiteral("floatscope-session")},
                              {QStringLiteral("version"), 1},
                              {QStringLiteral("value"), QStringLiteral("1e-9")},
                              {QStringLiteral("formats"), formats},
                              {QStringLiteral("rounding"), QStringLiteral("toward-zero")},
                              {QStringLiteral("overflow"), QStringLiteral("saturate")},
                              {QStringLiteral("route"), QStringLiteral("fp32")},
                              {QStringLiteral("bookmarks"), QJsonArray{}}};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rows.floatscope"));
    put(path, QJsonDocument(session).toJson());

    MainWindow window;
    QStringList computedWith;
    QObject::connect(window.state(), &InspectorState::changed, [&] { computedWith << window.state()->text(); });
    ASSERT_EQ(window.openSession(path), QString());
    EXPECT_EQ(computedWith, QStringList{QStringLiteral("1e-9")});
    EXPECT_EQ(window.state()->formats().size(), static_cast<std::size_t>(kMaxSessionFormats));
    EXPECT_EQ(window.state()->mode(), RoundingMode::TowardZero);
    EXPECT_EQ(window.state()->route(), Route::ViaFp32);
    const QString said = window.statusBar()->currentMessage();
    EXPECT_TRUE(said.contains(QStringLiteral("formats left out: 199 repeated"))) << said.toStdString();
    EXPECT_TRUE(said.contains(QStringLiteral("formats left out: 18 past the first 32"))) << said.toStdString();
}

}  // namespace
}  // namespace floatscope::gui
