/** The credential cookies' names and how they are read from a request, shared by sessions and CSRF protection. */
package io.fx.micronaut.security.cookie;
