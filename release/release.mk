# release.mk: the release's targets, included by the Makefile.
# make dist: the PGXN release archive uuidx-<META.json version>.zip of the commit HEAD (git
# archive: one top directory uuidx-<version>/, no build products, no debian/), written only when
# every file states the version of EXTVERSION and META.json follows the PGXN Meta Spec
# (release/dist.sh; checked by test/suites/05_version.sh and 70_pgxn_dist.sh).
.PHONY: dist
dist:
	bash release/dist.sh HEAD

# make image: uuidx laid out as an extension directory (lib/, share/extension/) and the OCI image
# CloudNativePG mounts from it (FROM scratch, built by umoci), both in build/image for the server
# of PG_CONFIG; prints the image's digest (release/extension_image.sh, docs/cloudnativepg.md).
.PHONY: image
image: all
	PG_CONFIG="$(PG_CONFIG)" bash release/extension_image.sh build/image

# make release: everything a packager takes, in build/release/uuidx-<META.json version>: the
# source archive (.tar.gz, debian/ included), the PGXN zip, the postgresql-N-uuidx packages of
# 15 (bookworm), 17 (trixie), 18 and 19 (sid), the CloudNativePG images of 18 and 19 as OCI
# archives with their digests, RELEASE_NOTES.md (CHANGELOG.md's section) and SHA256SUMS; what the
# test command built from the same sources is taken, not built again (release/release.sh;
# checked by test/suites/72_release.sh). RELEASE_DIR=... writes elsewhere.
.PHONY: release
release:
	bash release/release.sh $(RELEASE_DIR)
