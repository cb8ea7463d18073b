/**
 * Production validation: every generated operation is covered by Auth-step middleware or a scoped
 * public declaration, every custom action declares its access.
 */
package io.fx.micronaut.production;
