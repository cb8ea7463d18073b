/**
 * Field encryption at rest. {@code @Fx("encrypted")} on a {@code String} property stores its values as AES-256-GCM
 * envelopes ({@code enc:} + base64), encrypted on every write and decrypted on every read through the field's
 * {@link io.fx.micronaut.db.FieldCodec} (routes, includes, accessors, cascades); {@code key:NAME} picks the key
 * ({@code default} otherwise) and {@code encrypted,unique} keeps a blind index ({@code {field}_hmac}) for
 * uniqueness and {@link io.fx.micronaut.accessor.ModelAccessor#findByUnique exact lookups}. Keys come from a
 * {@link io.fx.micronaut.encryption.KeyProvider} ({@code fx.encryption.provider: env|vault}, or an application
 * bean); {@link io.fx.micronaut.encryption.KeyRotation} re-encrypts stored values under another key. Raw SQL
 * ({@code Models.query}/{@code execute}) sees the stored envelopes. The implementation lives in {@code internal}.
 *
 * @since 0.10.0
 */
package io.fx.micronaut.encryption;
