/**
 * Cookie sessions ({@code fx.security.session}): a signed, revocable token in an {@code HttpOnly} cookie,
 * verified on every request as a bearer token, after the bearer header and API keys. {@link
 * io.fx.micronaut.security.session.SessionCookies} builds the cookie for a login action.
 *
 * @since 0.5.0
 */
package io.fx.micronaut.security.session;
