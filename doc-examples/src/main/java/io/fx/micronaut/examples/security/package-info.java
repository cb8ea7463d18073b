/**
 * The README's security examples beside the blog's own setup: access rules registered in code
 * ({@link io.fx.micronaut.examples.security.SecurityRules}, environment {@code rules-in-code}); the same
 * kind of rules in configuration live in {@code application-rules.yml} (environment {@code rules}).
 */
package io.fx.micronaut.examples.security;
