"""Writes quadruped.urdf: a branched, quadruped-like test tree for wolfe-multibody.

A torso (the root) with four legs (hip roll about x, hip pitch about y, knee about a
tilted, non-axis-aligned axis, a welded foot), a head on a continuous neck joint,
a tail on a prismatic joint along -z with a massless intermediate link, a massless
sensor frame on a fixed joint, inertials with off-diagonal terms and rotated <origin>s.
Joints are listed hips first, then knees, so that the file order of the movable joints
differs from the depth-first order of the tree (the loader and pinocchio must agree by
name). Deterministic: run `python3 make_quadruped.py` to regenerate the committed file.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def inertial(mass, com, rpy, ixx, iyy, izz, ixy, ixz, iyz):
    return (f'    <inertial>\n      <origin xyz="{com[0]} {com[1]} {com[2]}" rpy="{rpy[0]} {rpy[1]} {rpy[2]}"/>\n'
            f'      <mass value="{mass}"/>\n'
            f'      <inertia ixx="{ixx}" ixy="{ixy}" ixz="{ixz}" iyy="{iyy}" iyz="{iyz}" izz="{izz}"/>\n'
            f'    </inertial>\n')


def link(name, body="", collision=""):
    return f'  <link name="{name}">\n{body}{collision}  </link>\n'


def joint(name, kind, parent, child, xyz, rpy, axis=None, limit=None, damping=None):
    s = f'  <joint name="{name}" type="{kind}">\n    <parent link="{parent}"/>\n    <child link="{child}"/>\n'
    s += f'    <origin xyz="{xyz[0]} {xyz[1]} {xyz[2]}" rpy="{rpy[0]} {rpy[1]} {rpy[2]}"/>\n'
    if axis is not None:
        s += f'    <axis xyz="{axis[0]} {axis[1]} {axis[2]}"/>\n'
    if limit is not None:
        s += f'    <limit lower="{limit[0]}" upper="{limit[1]}" effort="{limit[2]}" velocity="{limit[3]}"/>\n'
    if damping is not None:
        s += f'    <dynamics damping="{damping}" friction="0.1"/>\n'
    return s + '  </joint>\n'


def box(size):
    return (f'    <collision>\n      <geometry>\n        <box size="{size[0]} {size[1]} {size[2]}"/>\n'
            f'      </geometry>\n    </collision>\n')


def main():
    links, hips, knees, rest = [], [], [], []
    links.append(link("torso", inertial(12.0, (0.01, -0.02, 0.03), (0.1, 0.0, -0.2), 0.3, 0.9, 1.0, 0.01, -0.02, 0.005),
                      box((0.6, 0.3, 0.15))))
    legs = {"fl": (0.25, 0.12), "fr": (0.25, -0.12), "hl": (-0.25, 0.12), "hr": (-0.25, -0.12)}
    for k, (name, (x, y)) in enumerate(legs.items()):
        s = 1.0 if y > 0 else -1.0
        links.append(link(f"{name}_hip", inertial(1.1 + 0.1 * k, (0.0, 0.02 * s, 0.0), (0, 0, 0),
                                                  0.002, 0.003, 0.0025, 0.0001, 0.0, 0.0002)))
        links.append(link(f"{name}_thigh", inertial(1.5, (0.0, 0.0, -0.11), (0.05 * k, 0.1, 0.0),
                                                    0.02, 0.021, 0.003, 0.0005, 0.001, -0.0004),
                          box((0.05, 0.05, 0.22))))
        links.append(link(f"{name}_shin", inertial(0.4, (0.0, 0.0, -0.1), (0, 0, 0.3),
                                                   0.006, 0.0062, 0.0005, 0.0, 0.0001, 0.0)))
        links.append(link(f"{name}_foot", inertial(0.1, (0.0, 0.0, 0.0), (0, 0, 0), 3e-5, 3e-5, 3e-5, 0, 0, 0),
                          '    <collision>\n      <geometry>\n        <sphere radius="0.02"/>\n'
                          '      </geometry>\n    </collision>\n'))
        hips.append(joint(f"{name}_hip_roll", "revolute", "torso", f"{name}_hip", (x, y, 0.0), (0, 0, 0),
                          (1, 0, 0), (-0.8, 0.8, 30, 10), 0.05))
        hips.append(joint(f"{name}_hip_pitch", "revolute", f"{name}_hip", f"{name}_thigh",
                          (0.0, 0.08 * s, 0.0), (0.0, 0.0, 0.0), (0, 1, 0), (-1.5, 1.5, 30, 10), 0.05))
        knees.append(joint(f"{name}_knee", "revolute", f"{name}_thigh", f"{name}_shin", (0.0, 0.0, -0.22),
                           (0.02, -0.03, 0.01), (0.1, 0.97, -0.2), (-2.6, -0.1, 40, 12), 0.1))
        rest.append(joint(f"{name}_foot_weld", "fixed", f"{name}_shin", f"{name}_foot", (0.0, 0.0, -0.21), (0, 0, 0)))
    # head on a continuous neck (axis tilted), tail on a prismatic joint through a massless link
    links.append(link("head", inertial(0.9, (0.05, 0.0, 0.02), (0, 0.2, 0), 0.003, 0.004, 0.0035, 0, 0.0003, 0),
                      box((0.12, 0.1, 0.08))))
    rest.append(joint("neck_yaw", "continuous", "torso", "head", (0.33, 0.0, 0.05), (0.0, 0.1, 0.0), (0, 0, 1),
                      (0, 0, 5, 6), 0.02))
    links.append(link("tail_slider"))  # massless, moves the tail below it
    links.append(link("tail", inertial(0.3, (-0.04, 0.0, 0.0), (0, 0, 0), 0.0004, 0.001, 0.001, 0, 0, 0)))
    rest.append(joint("tail_slide", "prismatic", "torso", "tail_slider", (-0.3, 0.0, 0.0), (0.0, 0.0, 0.3),
                      (0, 0, -1), (-0.05, 0.05, 50, 0.5), 1.0))
    rest.append(joint("tail_wag", "revolute", "tail_slider", "tail", (-0.02, 0.0, 0.0), (0.0, 0.0, 0.0),
                      (0, 0, 1), (-0.7, 0.7, 3, 4), None))
    links.append(link("imu", inertial(0.0, (0, 0, 0), (0, 0, 0), 0, 0, 0, 0, 0, 0)))
    rest.append(joint("imu_weld", "fixed", "torso", "imu", (0.0, 0.0, 0.08), (0.0, 0.0, 1.0)))
    text = ('<?xml version="1.0"?>\n<!-- Generated by make_quadruped.py: a branched test tree for wolfe-multibody. -->\n'
            '<robot name="quadruped">\n' + "".join(links) + "".join(hips) + "".join(knees) + "".join(rest) + '</robot>\n')
    with open(os.path.join(HERE, "quadruped.urdf"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
