#pragma once
// Spherical harmonics of order 2 (the nine real functions of Ramamoorthi and Hanrahan, "An
// Efficient Representation for Irradiance Environment Maps", SIGGRAPH 2001) and the CPU reference
// an environment's projection is held to (issue 12): every texel's radiance times the nine
// functions at its centre times its exact solid angle, summed in double with compensation.
// No GL.
//
// Frames: R&H write the functions in (x, y, z) with z up; the world's up is +y. Here R&H's
// (x, y, z) is the world's (x, -z, y), which keeps the frame right-handed, so Y10 follows the
// world's up. An equirectangular map of W x H texels has row 0 at the top (the zenith): texel
// (i, j) looks at polar angle theta = (j + 1/2) pi / H from up and azimuth phi = (i + 1/2) 2 pi / W,
// the world direction (sin theta cos phi, cos theta, sin theta sin phi).
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

namespace boids::verify::sh {

inline constexpr int kFunctions = 9;  // L00; L1-1, L10, L11; L2-2, L2-1, L20, L21, L22
using Coefficients = std::array<glm::dvec3, kFunctions>;  // RGB per function

// R&H's constants in full: 1/(2 sqrt(pi)), sqrt(3/(4 pi)), sqrt(15/(4 pi)), sqrt(5/(16 pi)),
// sqrt(15/(16 pi)) (the GPU's projection tables are made from them too).
extern const double kY00, kY1, kY2, kY20, kY22;

// The nine functions at a unit world direction.
std::array<double, kFunctions> basis(const glm::dvec3& direction);

// An equirectangular map's texel: its centre's direction and its exact solid angle,
// (2 pi / W)(cos theta0 - cos theta1) over its row's polar angles. `yaw` turns the map about the
// world's up: its texels look at azimuths phi + yaw.
glm::dvec3 equirectDirection(std::uint32_t i, std::uint32_t j, std::uint32_t width, std::uint32_t height,
                             double yaw = 0.0);
double equirectSolidAngle(std::uint32_t j, std::uint32_t width, std::uint32_t height);

// The double projection of an equirectangular map of `width` x `height` RGB texels, row 0 the
// zenith, turned by `yaw`: each of the 27 sums compensated (Neumaier), so its rounding is a few
// ulps of the sum of its terms' magnitudes whatever the map's size. `magnitudes`, when given,
// receives those sums of |term| (what a float sum's rounding is proportional to).
Coefficients projectEquirect(std::span<const glm::vec3> texels, std::uint32_t width, std::uint32_t height,
                             double yaw = 0.0, Coefficients* magnitudes = nullptr);

// The same map projected as a careful serial float loop would: directions, solid angles and basis
// in float, one float accumulator per coefficient over every texel in order, the result scaled by
// 4 pi / (the float sum of the solid angles), as DirectXTK does for cubes. `solidAngle`, when
// given, receives that float sum (4 pi when exact).
Coefficients projectEquirectSerialFloat(std::span<const glm::vec3> texels, std::uint32_t width, std::uint32_t height,
                                        double yaw = 0.0, float* solidAngle = nullptr);

// Cube maps as GL lays them out: faces +x, -x, +y, -y, +z, -z, each `size` x `size` texels, texel
// (i, j) at face coordinates sc = 2 (i + 1/2) / size - 1, tc = 2 (j + 1/2) / size - 1 (GL 4.6,
// table 8.19). Its centre's direction, and its exact solid angle: with F(x, y) = atan2(x y,
// sqrt(x^2 + y^2 + 1)) over its corners, F(x0, y0) - F(x0, y1) - F(x1, y0) + F(x1, y1).
glm::dvec3 cubeDirection(int face, std::uint32_t i, std::uint32_t j, std::uint32_t size);
double cubeSolidAngle(std::uint32_t i, std::uint32_t j, std::uint32_t size);

// The double projection of a cube map (6 x size x size RGB texels, face after face, rows of i)
// with exact solid angles, compensated as projectEquirect's (`magnitudes` likewise).
Coefficients projectCube(std::span<const glm::vec3> texels, std::uint32_t size, Coefficients* magnitudes = nullptr);

// The serial float projection as DirectXTK's SHProjectCubeMap does it: each texel weighted at its
// centre by 4 / (1 + u^2 + v^2)^(3/2) (u, v its face coordinates; proportional to its solid
// angle), one float accumulator per coefficient over every texel in order, the result scaled by
// 4 pi / (the float sum of the weights). `faceSolidAngles`, when given, receives each face's float
// sum of weight x texel area (2 / size)^2, which should be 4 pi / 6.
Coefficients projectCubeSerialFloat(std::span<const glm::vec3> texels, std::uint32_t size,
                                    std::array<float, 6>* faceSolidAngles = nullptr);

// Irradiance at a unit world normal from the coefficients (R&H's equation 13, constants c1..c5):
// the radiance convolved with the clamped cosine, so a constant radiance of 1 gives pi.
glm::dvec3 irradiance(const Coefficients& L, const glm::dvec3& normal);

// Environments whose exact coefficients are known, as equirectangular maps (row 0 the zenith).
std::vector<glm::vec3> constantEnvironment(std::uint32_t width, std::uint32_t height);  // radiance 1
std::vector<glm::vec3> upperHemisphere(std::uint32_t width, std::uint32_t height);      // 1 above the horizon
Coefficients constantCoefficients();        // L00 = 2 sqrt(pi), the rest 0
Coefficients upperHemisphereCoefficients();  // L00 = sqrt(pi), L10 = sqrt(3 pi) / 2, the rest 0
// Black but for texel (i, j), of `radiance`; its coefficients are that radiance x the texel's
// solid angle x the functions at its centre.
std::vector<glm::vec3> singleTexel(std::uint32_t width, std::uint32_t height, std::uint32_t i, std::uint32_t j,
                                   glm::vec3 radiance);
Coefficients singleTexelCoefficients(std::uint32_t width, std::uint32_t height, std::uint32_t i, std::uint32_t j,
                                     glm::vec3 radiance, double yaw = 0.0);

// The largest absolute difference over the 27 numbers; |L00| (its largest channel); and the
// first relative to the second of `reference`: how the checks compare a projection with another.
double largestDifference(const Coefficients& a, const Coefficients& b);
double l00Magnitude(const Coefficients& L);
double relativeError(const Coefficients& value, const Coefficients& reference);

// How far the projection of a map of `height` rows (even) can be from the exact integral, per
// coefficient, for a radiance of at most `radiance` that depends on the polar angle alone and is
// constant across each row (the constant and hemisphere environments): each row is stood for by
// its centre. Derived beside the definition.
double discretisationBound(std::uint32_t height, double radiance);

}  // namespace boids::verify::sh
