package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** The {@link Revoker} contract on the in-process store ({@code fx.security.revocation.store: memory}). */
@MicronautTest(environments = "test", transactional = false, startApplication = false)
@TestDatabase
@Property(name = "spec.name", value = "MemoryRevokerTest")
@Property(name = "fx.security.revocation.store", value = "memory")
class MemoryRevokerTest extends RevokerContract {

    @Override
    protected boolean looksUpAhead() {
        return false;
    }
}
