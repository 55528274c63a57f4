# kc_verilate(TARGET args...) — Verilator's verilate() (same arguments) without
# the stale-file-list link failure.
#
# Why: verilate() runs Verilator at configure time only when its command line
# changed, and reads the list of generated C++ files (V<prefix>_copy.cmake)
# there; at build time an RTL change re-runs Verilator, and when that change
# alters the set of files Verilator writes (a new module, a different split), the
# build still compiles the configure-time list: a file that is gone, or a stale
# one, is compiled and the link fails. Only the next `cmake --build` (which
# re-configures, because the list changed) works.
#
# The fix: every RTL file Verilator read is a configure dependency, so an RTL
# change re-configures first; and a model whose inputs are newer than its file
# list is re-Verilated at configure time (its recorded command is forgotten), so
# the list the build compiles is the new one. Verilator runs once per change, as
# before (the build-time rule then finds its outputs up to date).
# The generated-file lists (V<prefix>_copy.cmake) of TARGET's verilate() calls.
function(_kc_verilate_lists target out)
  file(GLOB lists ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/*.dir/*_copy.cmake)
  set(${out} ${lists} PARENT_SCOPE)
endfunction()

# The inputs Verilator recorded in a list (its <prefix>_DEPS).
function(_kc_verilate_deps list out)
  get_filename_component(prefix ${list} NAME)
  string(REGEX REPLACE "_copy\\.cmake$" "" prefix ${prefix})
  set(${prefix}_DEPS "")
  include(${list})
  set(${out} ${${prefix}_DEPS} PARENT_SCOPE)
endfunction()

function(kc_verilate target)
  _kc_verilate_lists(${target} lists)
  foreach(list IN LISTS lists)
    _kc_verilate_deps(${list} deps)
    foreach(dep IN LISTS deps)
      if(${dep} IS_NEWER_THAN ${list})   # also true when dep is gone
        get_filename_component(vdir ${list} DIRECTORY)
        file(REMOVE ${vdir}/verilator_args.txt)   # verilate() re-runs Verilator now
        break()
      endif()
    endforeach()
  endforeach()
  verilate(${target} ${ARGN})
  _kc_verilate_lists(${target} lists)
  foreach(list IN LISTS lists)
    _kc_verilate_deps(${list} deps)
    foreach(dep IN LISTS deps)
      if(EXISTS ${dep})
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${dep})
      endif()
    endforeach()
  endforeach()
endfunction()
