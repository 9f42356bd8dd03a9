# Generates the GL + EGL loader with Debian's python3-glad at configure time (never downloaded,
# never committed). --reproducible makes glad use the Khronos XML it ships instead of fetching it.
# The loader is regenerated only when the API/extension list below changes.

find_program(GLAD_EXECUTABLE glad REQUIRED DOC "glad 2 (Debian package python3-glad)")

set(BOIDS_GLAD_APIS "gl:core=4.6,egl=1.5")
set(BOIDS_GLAD_EXTENSIONS
    GL_KHR_debug
    GL_KHR_shader_subgroup
    GL_NV_shader_atomic_float
    GL_ARB_shader_ballot
    EGL_EXT_device_base
    EGL_EXT_device_enumeration
    EGL_EXT_device_query
    EGL_EXT_platform_base
    EGL_EXT_platform_device
    EGL_MESA_platform_surfaceless
    EGL_KHR_surfaceless_context
    EGL_KHR_create_context
    EGL_KHR_no_config_context)
list(JOIN BOIDS_GLAD_EXTENSIONS "," _glad_ext)

set(_glad_dir "${CMAKE_BINARY_DIR}/glad")
set(_glad_args --quiet --reproducible --api "${BOIDS_GLAD_APIS}" --extensions "${_glad_ext}"
               --out-path "${_glad_dir}" c --loader)
string(SHA1 _glad_key "${_glad_args}")
if(NOT EXISTS "${_glad_dir}/stamp" OR NOT EXISTS "${_glad_dir}/src/gl.c")
  set(_glad_stale TRUE)
else()
  file(READ "${_glad_dir}/stamp" _glad_old_key)
  if(NOT _glad_old_key STREQUAL _glad_key)
    set(_glad_stale TRUE)
  endif()
endif()
if(_glad_stale)
  message(STATUS "Generating the GL/EGL loader with ${GLAD_EXECUTABLE}")
  file(REMOVE_RECURSE "${_glad_dir}")
  execute_process(COMMAND "${GLAD_EXECUTABLE}" ${_glad_args}
                  RESULT_VARIABLE _glad_rc OUTPUT_VARIABLE _glad_out ERROR_VARIABLE _glad_out)
  if(NOT _glad_rc EQUAL 0)
    message(FATAL_ERROR "glad failed (${_glad_rc}):\n${_glad_out}")
  endif()
  file(WRITE "${_glad_dir}/stamp" "${_glad_key}")
endif()

add_library(glad STATIC "${_glad_dir}/src/gl.c" "${_glad_dir}/src/egl.c")
target_include_directories(glad SYSTEM PUBLIC "${_glad_dir}/include")
target_link_libraries(glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
