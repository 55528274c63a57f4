# qemu_check.cmake — ctest rvv_fpu_qemu: regenerate golden.txt with QEMU and
# compare it to the committed one, then run the large QEMU campaign through the
# testbench. Variables: PY, SRC (tests/rvv_fpu), TB (rvv_fpu_tb), OUT (a scratch dir).
execute_process(COMMAND ${PY} ${SRC}/gen_golden.py ${OUT}/golden.regen.txt RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gen_golden.py failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${SRC}/golden.txt ${OUT}/golden.regen.txt
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tests/rvv_fpu/golden.txt is stale: QEMU now gives ${OUT}/golden.regen.txt "
                      "(run tests/rvv_fpu/gen_golden.py and commit)")
endif()
execute_process(COMMAND ${PY} ${SRC}/gen_golden.py --full ${OUT}/full.txt RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gen_golden.py --full failed")
endif()
execute_process(COMMAND ${TB} ${OUT}/full.txt RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rvv_fpu_tb failed on the full QEMU campaign")
endif()
