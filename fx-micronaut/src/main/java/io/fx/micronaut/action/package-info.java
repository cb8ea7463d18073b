/**
 * Custom actions: routes of your own under the fx path prefix, running a shortened pipeline (Auth,
 * the action's middleware, the handler, Response).
 */
package io.fx.micronaut.action;
