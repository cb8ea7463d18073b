/**
 * The blog's field encryption: with {@code BLOG_KEY_DEFAULT} set, {@code Author.email} is stored encrypted
 * ({@code required, unique, encrypted}) under keys read from {@code BLOG_KEY_*} variables, {@code BLOG_KEY_INDEX}
 * keeping its blind index; {@code POST /api/authors/lookup} finds an author by e-mail either way, and with
 * {@code BLOG_ADMIN_TOKEN} {@code POST /api/admin/rotate-keys} re-encrypts stored values under another key.
 *
 * @since 0.10.0
 */
package io.fx.micronaut.examples.encryption;
