// The reduce primitive's variants as centroid strategies: the positions are the input, the
// FlockStats buffer the output, the centroid payload the combine.
#include "engine/centroid/reducers.hpp"

namespace boids::centroid {
namespace {

class FromPrimitive final : public Reducer {
 public:
  explicit FromPrimitive(std::unique_ptr<primitives::Reduce> reduce) : reduce_(std::move(reduce)) {}

  std::string unavailableFor(std::uint32_t count) const override { return reduce_->unavailableFor(count); }
  void reduce(const Input& in, const gl::Buffer& stats) override { reduce_->run(in.positions, in.count, stats); }
  verify::ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override { return reduce_->errorModel(count); }
  std::string detail() const override { return reduce_->detail(); }

 private:
  std::unique_ptr<primitives::Reduce> reduce_;
};

}  // namespace

std::unique_ptr<Reducer> makeFromPrimitive(const primitives::ReduceVariant& variant, const gl::ShaderLibrary& lib,
                                            const gl::Caps& caps) {
  return std::make_unique<FromPrimitive>(variant.create(lib, caps, kPayload));
}

}  // namespace boids::centroid
