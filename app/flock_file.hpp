#pragma once
// The flock as data: NumPy's .npy format (version 1.0 written; 1.0 to 3.0 read), float32, one row a
// boid, columns x, y, z, vx, vy, vz, in a frame with y up and the ground at y = 0 (the world's
// floor), x and z from the world's centre. What Python reads with numpy.load, and what
// --save-flock writes and --load-flock reads.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/sim/initial_state.hpp"

namespace boids::app {

inline constexpr std::uint32_t kFlockColumns = 6;

// A file that is not a flock: the message names the file and what is wrong with it.
struct FlockFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The flock's state (world coordinates, the floor at y = -halfSide) as .npy bytes.
std::string flockNpy(const sim::FlockState& flock, float halfSide);

// The number of boids the file holds, from its header alone (the run's count is that).
std::uint32_t flockFileCount(const std::filesystem::path& file);
// The flock the file holds, as it holds it (the ground at y = 0): every value finite, or a
// FlockFileError naming the first that is not.
sim::FlockState readFlockFile(const std::filesystem::path& file);
// The same from bytes; `name` names them in a message.
sim::FlockState parseFlockNpy(std::string_view bytes, const std::string& name);
// A flock as a file holds it, in world coordinates for a world of `halfSide`: every boid inside
// the world, or a FlockFileError naming the first that is not.
sim::FlockState placeInWorld(const sim::FlockState& fromFile, float halfSide, const std::string& name);

}  // namespace boids::app
