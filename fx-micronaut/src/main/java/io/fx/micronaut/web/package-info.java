/**
 * The generic controller, probes and error rendering.
 */
package io.fx.micronaut.web;
