/* kc_vl_member.h — a member of a Verilated root class that a build may not have
 * (C++ only).
 *
 * KC_VL_MEMBER(fn, path) defines fn(root, 0): a pointer to the root's member
 * `path` (Verilator's flattened name of a public_flat_rd signal; const when the
 * root is), or nullptr when this model has no such member (a size with fewer
 * banks or tiles, a renamed signal). One list of names then serves every build
 * of an accelerator, and a missing signal is a null the caller reports, not a
 * build error.
 */
#ifndef KC_VL_MEMBER_H
#define KC_VL_MEMBER_H

#include <cstddef>

#define KC_VL_MEMBER(fn, path)                                                                 \
    template <typename R> auto fn(R *r, int) -> decltype(&r->path) { return &r->path; }       \
    template <typename R> std::nullptr_t fn(R *, long) { return nullptr; }

#endif
