/** The security module's part of the API document: security schemes, requirements per operation, refusal answers. */
package io.fx.micronaut.security.openapi;
