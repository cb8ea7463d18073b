/**
 * Test support for applications on fx-micronaut, on Micronaut Test (JUnit 5): {@link io.fx.micronaut.test.TestDatabase}
 * gives a {@code @MicronautTest} class a database of its own (H2 in memory, or a fresh PostgreSQL schema with
 * {@code -Dfx.test.database=postgres}); {@link io.fx.micronaut.test.Fixtures} creates valid records from the
 * models' descriptors; {@link io.fx.micronaut.test.TestTokens} mints bearer tokens the security module accepts,
 * and the ones it must refuse; {@link io.fx.micronaut.test.FxClient} talks JSON to the embedded server and
 * answers {@link io.fx.micronaut.test.FxReply}s that assert on the envelope.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.test;
