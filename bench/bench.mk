# bench.mk: the benchmarks' targets, included by the Makefile.
# make bench [BENCH_ARGS="--rows 1000000"]: PostgreSQL side by side, see bench/bench.sh.
# make bench-core: Google Benchmark of the core alone, built with the extension's -O2.
BENCH_DIR       = build/bench
BENCH_CXXFLAGS  = -std=c++17 -O2 -g -Wall -Wextra $(WERROR)
BENCH_CORE_OBJS = $(patsubst src/core/%.cpp,$(BENCH_DIR)/core/%.o,$(CORE_SRCS))

$(BENCH_DIR)/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) $(BENCH_CXXFLAGS) -c $< -o $@

$(BENCH_DIR)/core_bench: bench/core_bench.cpp $(BENCH_CORE_OBJS) $(wildcard src/core/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) $(BENCH_CXXFLAGS) -Isrc/core bench/core_bench.cpp $(BENCH_CORE_OBJS) -o $@ -lbenchmark -lpthread -lcrypto

.PHONY: bench bench-peers bench-sql-edition bench-scale bench-column-bounds bench-core
# It builds and installs uuidx into a throwaway copy of the server's installation
# (lab/variant.sh), never into the server itself, and deletes the copy when done.
bench:
	@bash -c 'source lab/variant.sh && bin=$$(uuidx_variant_install "$(PG_CONFIG)" bench "") || exit 1; \
	  trap "uuidx_variant_remove $$bin" EXIT; echo "uuidx for the benchmark: installed in $${bin%/bin}, a throwaway copy"; \
	  PATH="$$bin:$$PATH" bash bench/bench.sh $(BENCH_ARGS)'

# make bench-peers: uuidx's v7 beside 18's uuidv7(), pg_uuidv7 and TimescaleDB, see bench/peers.sh.
bench-peers:
	@bash -c 'source lab/variant.sh && bin=$$(uuidx_variant_install "$(PG_CONFIG)" bench "") || exit 1; \
	  trap "uuidx_variant_remove $$bin" EXIT; PATH="$$bin:$$PATH" bash bench/peers.sh $(BENCH_ARGS)'

# make bench-sql-edition: the SQL edition's v7 beside the C build's, the common form in SQL and
# gen_random_uuid() (and uuidv7() on 18), see bench/sql_edition.sh; it builds the edition's script first.
bench-sql-edition: $(SQL_EDITION_DIR)/uuidx-sql.sql
	@bash -c 'source lab/variant.sh && bin=$$(uuidx_variant_install "$(PG_CONFIG)" bench "") || exit 1; \
	  trap "uuidx_variant_remove $$bin" EXIT; PATH="$$bin:$$PATH" bash bench/sql_edition.sh $(BENCH_ARGS)'

# make bench-scale: rows past memory and clients past cores, per key, see bench/scale.sh.
bench-scale:
	@bash -c 'source lab/variant.sh && bin=$$(uuidx_variant_install "$(PG_CONFIG)" bench "") || exit 1; \
	  trap "uuidx_variant_remove $$bin" EXIT; PATH="$$bin:$$PATH" bash bench/scale.sh $(BENCH_ARGS)'

# make bench-column-bounds: lookups by key in a table partitioned by created_at, see bench/column_bounds.sh.
bench-column-bounds:
	@bash -c 'source lab/variant.sh && bin=$$(uuidx_variant_install "$(PG_CONFIG)" bench "") || exit 1; \
	  trap "uuidx_variant_remove $$bin" EXIT; PATH="$$bin:$$PATH" bash bench/column_bounds.sh $(BENCH_ARGS)'

bench-core: $(BENCH_DIR)/core_bench
	$(BENCH_DIR)/core_bench $(BENCH_CORE_ARGS)
