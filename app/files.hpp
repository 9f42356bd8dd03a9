#pragma once
// Every file the program writes (PNGs, recorded frames, JSON, CSV, position dumps, settings) goes
// through here: written to a temporary file in the same folder, flushed to the disk and checked
// (write, fsync and close errors), then renamed into place. On failure nothing partial is left,
// and the error names the file and the system's reason ("No space left on device").
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace boids::app {

struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Whether the data reaches the disk before the new name points at it (fsync of the file and its
// folder): for documents, whose loss in a power cut would cost the user; not for a recording's
// frames, where two fsyncs a frame would stall the render loop on a real disk. Either way a write
// that fails leaves nothing partial under the name.
enum class Durability { Synced, Unsynced };

// Writes `bytes` to `file` atomically (above). Creates missing folders. A symbolic link is written
// through (its target replaced, the link kept). Throws WriteError ("<file>: cannot write (<reason>)").
void writeFileAtomically(const std::filesystem::path& file, std::string_view bytes, Durability durability = Durability::Synced);

// Checks, before any work starts, that a file can be written at `file`: its folder exists and is
// writable, and the path is not a folder or a device. Empty when it can; otherwise why not
// ("the folder out does not exist"). Touches nothing.
std::string checkOutputFile(const std::filesystem::path& file);

// The same for a folder that files will be written into; a folder that does not exist yet must be
// creatable (its nearest existing parent writable). Touches nothing.
std::string checkOutputFolder(const std::filesystem::path& folder);

// Whether two paths name one file or folder: by device and inode where both exist (links, "./x"
// and hard links included), else by their normalised absolute paths.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

// Ignore SIGXFSZ, so that a write beyond the file-size limit (RLIMIT_FSIZE) fails with EFBIG and
// is reported like a full disk, instead of killing the process with a partial file on disk.
void reportFileSizeLimitAsAnError();

}  // namespace boids::app
