// Typed errors. Every error names what was wrong in words a user can act on; file errors also
// name the file. Tools map InputError to exit code 1 and anything else to exit code 2.
#pragma once

#include <stdexcept>
#include <string>

namespace tweed {

/// Bad input from the user: a broken or unsupported file, an absurd parameter.
class InputError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// A file that cannot be read or written; the message starts with the file's path.
class FileError : public InputError
{
public:
    FileError(const std::string &path, const std::string &problem)
        : InputError(path + ": " + problem), mPath(path), mProblem(problem)
    {
    }
    const std::string &path() const { return mPath; }
    const std::string &problem() const { return mProblem; }

private:
    std::string mPath;
    std::string mProblem;
};

/// A long operation stopped by the user; the caller's data is left as it was.
class Cancelled : public std::runtime_error
{
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

} // namespace tweed
