/* kc_sc_registry.cpp — kc_sc_new over the generated list of SystemC builds. */
#include "kc_sc_registry.h"

#include <cstring>
#include <string>

#define KC_SC(n) kc_sc_acc *kc_sc_new_##n(const char *inst);
#include "kc_sc_list.h"
#undef KC_SC

kc_sc_acc *kc_sc_new(const char *build, const char *inst)
{
#define KC_SC(n)                                                                               \
    if (!std::strcmp(build, #n))                                                              \
        return kc_sc_new_##n(inst);
#include "kc_sc_list.h"
#undef KC_SC
    return nullptr;
}

const char *kc_sc_names(void)
{
    static const std::string names = [] {
        std::string s;
#define KC_SC(n) s += (s.empty() ? "" : ", ") + std::string(#n);
#include "kc_sc_list.h"
#undef KC_SC
        return s;
    }();
    return names.c_str();
}
