/**
 * The six default steps: Auth, Deserialize, Validate, Service, DB and Response.
 */
package io.fx.micronaut.pipeline.step;
