/**
 * File fields and file routes. A {@code String} property tagged {@code @Fx("file")} holds a storage key; create and
 * update take it as a key from {@code POST /files} or as a part of a {@code multipart/form-data} body, streamed to the
 * {@link io.fx.micronaut.files.FileStorage} in the DB step and removed again when the write fails. Keys are bound to
 * their owner ({@link io.fx.micronaut.files.FileKeys}); a record's file is read at {@code /{collection}/{id}/{field}}.
 * The implementation lives in {@code internal}; the local directory storage in {@code local}.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.files;
