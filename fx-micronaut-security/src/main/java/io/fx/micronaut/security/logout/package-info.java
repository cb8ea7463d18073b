/** {@code POST {prefix}/logout} and {@code /logout-all}, mounted while a revocation store is active. */
package io.fx.micronaut.security.logout;
