# Makefile: builds the uuidx extension with PGXS, plus the core's unit tests (make unit).
EXTENSION  = uuidx
EXTVERSION = 1.4
MODULE_big = uuidx

CORE_SRCS    = $(wildcard src/core/*.cpp)
GLUE_SRCS    = $(wildcard src/pg/*.cpp)
PLANNER_SRCS = $(wildcard src/planner/*.cpp)
OBJS         = $(CORE_SRCS:.cpp=.o) $(GLUE_SRCS:.cpp=.o) $(PLANNER_SRCS:.cpp=.o) src/module.o

# The install script of this version is made from the one hand-edited source, src/uuidx.sql
# (released full scripts and every update script are files of their own, never edited once
# released). The two scripts that move a database from the SQL edition to this build
# (src/sql_edition) are made from it too. Both are named by the control file's version (a test
# build may set another EXTVERSION); the scripts of earlier -sql versions are files of their own.
SQL_VERSION := $(shell sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" uuidx.control)
SQL_EDITION_STEPS = uuidx--$(SQL_VERSION)-sql.sql uuidx--$(SQL_VERSION)-sql--$(SQL_VERSION).sql
DATA_built = uuidx--$(SQL_VERSION).sql $(SQL_EDITION_STEPS)
DATA = $(filter-out $(DATA_built),$(wildcard uuidx--*.sql))

# pg_regress suites: every sql/*.sql that is not an install or upgrade script, in this order.
REGRESS = vectors generate extract convert catalog namebased encode v7range compat18 shadowing update trusted ossp bad_input euc_messages uuid_types time_predicates time_predicates_safety time_order time_partitions time_partitions_now facade client_checks typeid rekey uninstall
REGRESS_OPTS = --inputdir=. --load-extension=uuidx

# The other kinds of test, each a target of its own so that `make installcheck` (run by `pgxn
# check` and Debian's installcheck) stays the pg_regress suite against a running server:
#   make installcheck-isolation         isolation specs (test/isolation/specs) against a running
#                                       server with uuidx installable, in session scope
#   make installcheck-isolation-server  the specs of the server-wide v7 sequence, against a server
#                                       with shared_preload_libraries = 'uuidx' and
#                                       uuidx.v7_scope = 'server' (in session scope they fail)
#   make prove_installcheck             TAP tests (test/t/*.pl, PostgreSQL::Test::Cluster): each
#                                       starts the clusters it needs from the installed server
ISOLATION_SESSION = v7_session_interleave time_plan_invalidation
ISOLATION_SERVER  = v7_server_scope v7_lock_waits
ISOLATION_DIR     = test/isolation
# Not TAP_TESTS = 1, which would add the TAP tests to installcheck (`make installcheck
# TAP_TESTS=1` runs the three kinds in one go).
PROVE_TESTS = test/t/*.pl

# make UUIDX_FAULT_INJECTION=1: a test build, never shipped or installed by `make install` into
# a real server (lab/variant.sh installs it into a throwaway copy of the server's
# installation): the setting uuidx.test_random_failure makes the random source fail,
# uuidx.test_keep_transaction_plans keeps plans pruned by now() past their transaction
# (test/t/022_plan_invalidation.pl), and _PG_init fills the session state, in the postmaster too
# when preloaded (test/t/007_fork_safety.pl).
ifdef UUIDX_FAULT_INJECTION
PG_CPPFLAGS += -DUUIDX_FAULT_INJECTION
endif

WERROR ?=
# make UUIDX_BENCH_LWLOCK=1: a variant for bench/server_scope.sh only, never shipped, whose
# server-wide v7 sequence is updated under an LWLock instead of a compare-and-swap.
ifdef UUIDX_BENCH_LWLOCK
PG_CPPFLAGS += -DUUIDX_BENCH_LWLOCK
endif
PG_CXXFLAGS += -std=c++17 -MMD -MP -Wall -Wextra -Wno-register -Wno-unused-parameter -Wno-missing-field-initializers $(WERROR)
# The server was configured for gcc: with clang, its CXXFLAGS hold a gcc-only warning option
# (-Wimplicit-fallthrough=3) and its headers a gcc-only attribute (format(gnu_printf)), hundreds of
# warnings about PostgreSQL's flags and headers, none about our code.
ifneq ($(findstring clang,$(shell $(CXX) --version 2>/dev/null)),)
PG_CXXFLAGS += -Wno-unknown-warning-option -Wno-ignored-attributes
endif
SHLIB_LINK  += -lcrypto
PG_CPPFLAGS += -DUUIDX_VERSION='"$(EXTVERSION)"'
# Our own functions are never interposed: let calls inside a file be direct and inlined instead
# of going through the PLT.
PG_CXXFLAGS += -fno-semantic-interposition
# The build directory's path stays out of the library (debug information, assertion texts), so
# that two builds of one commit give one library wherever they run: the release's images and
# .debs are reproducible (docs/install.md, "Reproducible builds").
PG_CXXFLAGS += -ffile-prefix-map=$(CURDIR)=.
# Only the magic block, _PG_init and the SQL entry points leave the library (a linker version
# script; PGXS hides symbols by default only from PostgreSQL 16 on). Checked by suite 07_exports.
SHLIB_EXPORTS = src/pg/exports.txt

# PGXS would otherwise build LLVM bitcode from the .cpp files without our flags.
override with_llvm = no
# PGXS links a shared library with the C compiler; link it with the C++ compiler in use instead,
# which adds its own runtime: libstdc++ with g++, libc++ with clang++ -stdlib=libc++ (as on macOS
# and FreeBSD). No runtime is named here.
override COMPILER = $(CXX) $(CXXFLAGS)

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# This version's install script, from its one source (after PGXS: not the default goal).
uuidx--$(SQL_VERSION).sql: src/uuidx.sql uuidx.control
	sed '1s/@SQL_VERSION@/$(SQL_VERSION)/' $< >$@


# ---- the pure C++ core, unit-tested without PostgreSQL -------------------------------------
UNIT_DIR      = build/unit
UNIT_CXXFLAGS = -std=c++17 -MMD -MP -O1 -g -Wall -Wextra $(WERROR) $(UNIT_EXTRA)
UNIT_SRCS     = $(wildcard test/unit/*.cpp)
UNIT_CORE_OBJS = $(patsubst src/core/%.cpp,$(UNIT_DIR)/core/%.o,$(CORE_SRCS))
UNIT_TEST_OBJS = $(patsubst test/unit/%.cpp,$(UNIT_DIR)/test/%.o,$(UNIT_SRCS))

$(UNIT_DIR)/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) $(UNIT_CXXFLAGS) -c $< -o $@

$(UNIT_DIR)/test/%.o: test/unit/%.cpp $(wildcard src/core/*.hpp test/unit/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) $(UNIT_CXXFLAGS) -Isrc/core -c $< -o $@

$(UNIT_DIR)/uuidx_unit: $(UNIT_CORE_OBJS) $(UNIT_TEST_OBJS)
	$(CXX) $(UNIT_CXXFLAGS) $^ -o $@ -lgtest -lgtest_main -lpthread -lcrypto

.PHONY: unit
unit: $(UNIT_DIR)/uuidx_unit
	$(UNIT_DIR)/uuidx_unit

# make unit-asan: the same unit tests under ASan (with leak detection) and UBSan, built apart in
# build/unit-asan; any report aborts the run (test/suites/15_unit_sanitize.sh).
.PHONY: unit-asan
unit-asan:
	$(MAKE) unit UNIT_DIR=build/unit-asan \
	  UNIT_EXTRA='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all'

# make fuzz: libFuzzer targets (test/fuzz/fuzz_*.cpp) over the core with ASan and UBSan, built with
# clang into build/fuzz; test/suites/50_fuzz.sh runs each on its seed corpus.
FUZZ_DIR       = build/fuzz
FUZZ_CXX      ?= clang++-14
FUZZ_CXXFLAGS  = -std=c++17 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CORE_OBJS = $(patsubst src/core/%.cpp,$(FUZZ_DIR)/core/%.o,$(CORE_SRCS))
FUZZ_BINS      = $(patsubst test/fuzz/%.cpp,$(FUZZ_DIR)/%,$(wildcard test/fuzz/fuzz_*.cpp))

$(FUZZ_DIR)/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.cpp test/fuzz/fuzz_common.hpp test/unit/uuid_text.hpp $(FUZZ_CORE_OBJS)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -fsanitize=fuzzer -Isrc/core $< $(FUZZ_CORE_OBJS) -o $@ -lcrypto

.PHONY: fuzz
fuzz: $(FUZZ_BINS)

EXTRA_CLEAN = build results output_iso tmp_check regression.diffs regression.out $(OBJS:.o=.d) src/pg/exports.list

# Header dependencies (-MMD), so a changed header rebuilds what includes it.
# The flags are set here: a change of this file rebuilds the library's objects.
$(OBJS): Makefile

-include $(OBJS:.o=.d) $(UNIT_CORE_OBJS:.o=.d) $(UNIT_TEST_OBJS:.o=.d)

# The isolation specs are named here, not in ISOLATION: PGXS would add them to installcheck.
ISOLATION_RUN = $(pg_isolation_regress_installcheck) --inputdir=$(ISOLATION_DIR) \
  --outputdir=$(ISOLATION_OUT) --dbname=isolation_regression --load-extension=uuidx
ISOLATION_OUT ?= output_iso
.PHONY: installcheck-isolation installcheck-isolation-server prove_installcheck
installcheck-isolation:
	$(ISOLATION_RUN) $(ISOLATION_SESSION)
installcheck-isolation-server:
	$(ISOLATION_RUN) $(ISOLATION_SERVER)
# PGXS's own recipe (the server's Makefile.global): prove with PostgreSQL::Test::Cluster on the
# path, or a message where the server was built without --enable-tap-tests.
prove_installcheck:
	$(prove_installcheck)

# For test/suites/20_regress.sh: the schedule and options, from this one place.
.PHONY: print-regress print-regress-opts
print-regress:
	@echo $(REGRESS)
print-regress-opts:
	@echo $(REGRESS_OPTS)

# The SQL edition, for servers where no C extension may be installed (docs/managed.md): built
# from this version's install script (made from src/uuidx.sql) and src/sql_edition, as a script for psql and as a pg_tle
# extension. The Makefile is all make needs to find in a copy the lab tests in.
SQL_EDITION_DIR = build/sql-edition
SQL_EDITION_SRCS = uuidx--$(SQL_VERSION).sql $(wildcard src/sql_edition/*.sql src/sql_edition/*.sh)
.PHONY: sql-edition
sql-edition: $(SQL_EDITION_DIR)/uuidx-sql.sql $(SQL_EDITION_DIR)/uuidx-pgtle.sql
$(SQL_EDITION_DIR)/uuidx-sql.sql: $(SQL_EDITION_SRCS)
	@mkdir -p $(@D)
	bash src/sql_edition/build.sh uuidx--$(SQL_VERSION).sql psql >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
$(SQL_EDITION_DIR)/uuidx-pgtle.sql: $(SQL_EDITION_SRCS)
	@mkdir -p $(@D)
	bash src/sql_edition/build.sh uuidx--$(SQL_VERSION).sql pgtle >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
uuidx--$(SQL_VERSION)-sql.sql: $(SQL_EDITION_SRCS)
	bash src/sql_edition/build.sh uuidx--$(SQL_VERSION).sql adopt >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
uuidx--$(SQL_VERSION)-sql--$(SQL_VERSION).sql: $(SQL_EDITION_SRCS)
	bash src/sql_edition/build.sh uuidx--$(SQL_VERSION).sql to-c >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
# The same edition as an extension bundle for PGlite, PostgreSQL in WebAssembly (docs/pglite.md).
PGLITE_DIR = build/pglite
.PHONY: pglite
pglite: $(PGLITE_DIR)/uuidx-pglite.tar.gz
$(PGLITE_DIR)/uuidx-pglite.tar.gz: $(SQL_EDITION_SRCS)
	@mkdir -p $(@D)
	bash src/sql_edition/pglite.sh uuidx--$(SQL_VERSION).sql $@

# The benchmarks (never run by CI, which runs only test/suites/60_bench_smoke.sh) and the release
# have rooms of their own (absent from the copies the lab builds and tests in, which need neither).
-include bench/bench.mk release/release.mk
