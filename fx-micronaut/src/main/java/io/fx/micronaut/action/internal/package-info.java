/**
 * Action routing and dispatch. Not API.
 */
package io.fx.micronaut.action.internal;
