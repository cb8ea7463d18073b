/**
 * Model accessors for request and background code: CRUD on any registered model with the HTTP
 * validation and query language but no Auth step, raw SQL, row locks and manual transactions.
 */
package io.fx.micronaut.accessor;
