# Install rules and the Debian package (CPack DEB); included by the top
# CMakeLists.txt. One layout for `cmake --install` and the .deb:
#
#   <libdir>/sudoku.so                 the loadable module (entry point
#                                      sqlite3_sudoku_init, from its name)
#   <libdir>/libsudoku_core.a          the core C library
#   <libdir>/libsudoku_static.a        the extension for static linking
#                                      (-DSQLITE_CORE, sqlite3_auto_extension)
#   include/sudoku/*.h                 the core headers, version.h
#   <libdir>/pkgconfig/sudoku.pc       pkg-config --cflags --libs sudoku
#   <libdir>/cmake/sudoku/             find_package(sudoku): sudoku::core,
#                                      sudoku::static
#
# The module sits next to the libraries, as Debian's own SQLite modules do
# (libsqlite3-mod-spatialite: /usr/lib/<triplet>/mod_spatialite.so): the
# dynamic loader searches /usr/lib/<triplet> by default, so with prefix /usr
# (the .deb) `.load sudoku` finds it without a path. On Debian <libdir> is
# lib/<triplet> for every prefix (GNUInstallDirs chooses it only for /usr),
# so `cmake --install` and the package agree.
# An explicit -DCMAKE_INSTALL_LIBDIR=... is kept. A build folder configured
# before this rule holds GNUInstallDirs' own "lib" (with its other
# CMAKE_INSTALL_* entries): that one is replaced, once.
if(CMAKE_LIBRARY_ARCHITECTURE AND EXISTS /etc/debian_version
   AND NOT SUDOKU_LIBDIR_CHOSEN)
  if(NOT DEFINED CMAKE_INSTALL_LIBDIR)
    set(CMAKE_INSTALL_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE} CACHE PATH
        "Object code libraries (lib/<multiarch triplet> on Debian)")
  elseif(CMAKE_INSTALL_LIBDIR STREQUAL "lib" AND DEFINED CACHE{CMAKE_INSTALL_BINDIR})
    set(CMAKE_INSTALL_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE} CACHE PATH
        "Object code libraries (lib/<multiarch triplet> on Debian)" FORCE)
  endif()
endif()
set(SUDOKU_LIBDIR_CHOSEN ON CACHE INTERNAL "CMAKE_INSTALL_LIBDIR was defaulted")
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SUDOKU_INSTALL_MODULEDIR ${CMAKE_INSTALL_LIBDIR} CACHE PATH
    "Where the loadable module sudoku.so goes (relative to the prefix)")
set(SUDOKU_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/sudoku)

install(TARGETS sudoku LIBRARY DESTINATION ${SUDOKU_INSTALL_MODULEDIR})
install(TARGETS sudoku_core sudoku_static EXPORT sudoku_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The public headers (sudoku.h includes the rest); *_tables.h and utf8.h
# (the SQL glue's text check, no part of the API) are private.
file(GLOB SUDOKU_CORE_HEADERS ${PROJECT_SOURCE_DIR}/core/*.h)
list(FILTER SUDOKU_CORE_HEADERS EXCLUDE REGEX "(_tables|/utf8)\\.h$")
install(FILES ${SUDOKU_CORE_HEADERS} ${SUDOKU_GENERATED_DIR}/core/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sudoku)

# find_package(sudoku): imported targets sudoku::core and sudoku::static,
# relocatable (paths computed from the config file's own place).
set_target_properties(sudoku_core PROPERTIES EXPORT_NAME core)
set_target_properties(sudoku_static PROPERTIES EXPORT_NAME static)
install(EXPORT sudoku_targets NAMESPACE sudoku:: FILE sudokuTargets.cmake
        DESTINATION ${SUDOKU_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/sudokuConfig.cmake.in
  ${PROJECT_BINARY_DIR}/generated/sudokuConfig.cmake
  INSTALL_DESTINATION ${SUDOKU_INSTALL_CMAKEDIR})
# README "Versioning": a minor release only adds, so any 0.x >= the
# requested one will do; a new major version will not.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/generated/sudokuConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/generated/sudokuConfig.cmake
              ${PROJECT_BINARY_DIR}/generated/sudokuConfigVersion.cmake
        DESTINATION ${SUDOKU_INSTALL_CMAKEDIR})

# pkg-config: relocatable through ${pcfiledir}, so the same file is right
# under /usr (the .deb), any --prefix, or a tree unpacked with dpkg -x.
file(RELATIVE_PATH SUDOKU_PC_TO_PREFIX
     /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" SUDOKU_PC_TO_PREFIX "${SUDOKU_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/sudoku.pc.in
               ${PROJECT_BINARY_DIR}/generated/sudoku.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/generated/sudoku.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The Debian package: `cpack --config build/CPackConfig.cmake` (or
# `cpack --preset deb`) writes build/sudoku-sqlite_<version>_<arch>.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sudoku-sqlite)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Sudoku analysis for SQLite: loadable module, C library and headers")
set(CPACK_PACKAGE_DESCRIPTION
    "Exact minlex canonical form, equivalence with witnesses, a fast solver, T&E depth rating and scrambles as SQL functions. `.load sudoku` in the sqlite3 shell loads the module; C programs link the core library with pkg-config (sudoku) or CMake (find_package(sudoku)).")
set(CPACK_PACKAGE_CONTACT "sudoku for SQLite maintainers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION database)
# The module needs only libc (SQLite hands it its API table); the static
# extension library is linked with libsqlite3 by whoever uses it.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "sqlite3")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libsqlite3-dev, pkg-config")
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR})
include(CPack)
