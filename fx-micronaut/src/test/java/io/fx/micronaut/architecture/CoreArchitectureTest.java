package io.fx.micronaut.architecture;

import com.tngtech.archunit.core.domain.JavaClass;

/** The shared {@link ModuleArchitectureTest module rules} on the core (its feature modules' packages excluded). */
class CoreArchitectureTest extends ModuleArchitectureTest {

    /** The packages of the project's feature modules, which lie under the core's root but are not the core. */
    private static final String[] MODULES = {"security", "events", "limits", "files", "history", "aws", "test"};

    @Override
    protected String rootPackage() {
        return PROJECT_ROOT;
    }

    @Override
    protected boolean inModule(JavaClass javaClass) {
        for (String module : MODULES) {
            String root = PROJECT_ROOT + "." + module;
            if (javaClass.getPackageName().equals(root) || javaClass.getPackageName().startsWith(root + ".")) {
                return false;
            }
        }
        return javaClass.getPackageName().startsWith(PROJECT_ROOT);
    }
}
