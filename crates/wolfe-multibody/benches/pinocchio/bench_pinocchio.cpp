// Side-by-side timing of pinocchio's C++ on the Panda (9 dof, fixed base), the same
// calls as benches/dynamics.rs: framesForwardKinematics, crba, rnea,
// computeGeneralizedGravity. Median over 201 batches of 10000 calls each, 64 random
// states within the joint limits cycled. Build and run with run_pinocchio_bench.sh.
#include <pinocchio/parsers/urdf.hpp>
#include <pinocchio/algorithm/frames.hpp>
#include <pinocchio/algorithm/crba.hpp>
#include <pinocchio/algorithm/rnea.hpp>
#include <pinocchio/algorithm/kinematics.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

using namespace pinocchio;

static double median_ns(const std::function<void(int)>& f) {
  const int batch = 10000;
  std::vector<double> t;
  for (int r = 0; r < 201; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < batch; ++i) f(i);
    auto t1 = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / batch);
  }
  std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
  return t[t.size() / 2];
}

int main(int argc, char** argv) {
  Model model;
  pinocchio::urdf::buildModel(argv[1], model);
  Data data(model);
  std::mt19937 gen(1);
  std::vector<Eigen::VectorXd> qs, vs, as;
  for (int k = 0; k < 64; ++k) {
    Eigen::VectorXd q(model.nq), v(model.nv), a(model.nv);
    for (int j = 0; j < model.nq; ++j)
      q[j] = std::uniform_real_distribution<double>(model.lowerPositionLimit[j], model.upperPositionLimit[j])(gen);
    for (int j = 0; j < model.nv; ++j) {
      v[j] = std::uniform_real_distribution<double>(-1, 1)(gen);
      a[j] = std::uniform_real_distribution<double>(-1, 1)(gen);
    }
    qs.push_back(q); vs.push_back(v); as.push_back(a);
  }
  double fk = median_ns([&](int i) { framesForwardKinematics(model, data, qs[i & 63]); });
  double m = median_ns([&](int i) { crba(model, data, qs[i & 63]); });
  double id = median_ns([&](int i) { rnea(model, data, qs[i & 63], vs[i & 63], as[i & 63]); });
  double g = median_ns([&](int i) { computeGeneralizedGravity(model, data, qs[i & 63]); });
  std::printf("pinocchio %s C++, %s (nq %d, %zu frames), median ns per call:\n", PINOCCHIO_VERSION, argv[1], model.nq,
              model.frames.size());
  std::printf("framesForwardKinematics %.0f\ncrba %.0f\nrnea %.0f\ncomputeGeneralizedGravity %.0f\n", fk, m, id, g);
  return 0;
}
