package io.fx.micronaut.testsuite.security.owner;

import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** {@link OwnerCascadeContract} without tenancy. */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = OwnerRuleBeans.SPEC)
@Property(name = "fx.security.jwt.secret", value = Tokens.SECRET)
@TestDatabase
class OwnerCascadeTest extends OwnerCascadeContract {
}
