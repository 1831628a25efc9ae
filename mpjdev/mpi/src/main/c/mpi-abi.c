/*
 * Prints the ABI facts of the MPI implementation this program is compiled against (with that implementation's
 * mpicc) as a Java properties table, read by the mpi backend's FFM binding (hpjava.mpjdev.mpi.MpiAbi). Compiled and
 * run by bin/setup-mpi.sh, once per implementation:  mpicc.openmpi -o abi mpi-abi.c -ldl && ./abi > openmpi.properties
 *
 * Handles are printed as "sym:NAME" when they are the address of an exported symbol of the MPI library (Open MPI:
 * MPI_COMM_WORLD is &ompi_mpi_comm_world, whose address differs from process to process), else as a number (MPICH:
 * MPI_COMM_WORLD is the int 0x44000000; pointer constants such as MPI_STATUS_IGNORE). The program makes no MPI call
 * but MPI_Get_library_version, which the standard allows before MPI_Init.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void pointer(const char *name, const void *p) {
    Dl_info info;
    if (p != NULL && dladdr(p, &info) && info.dli_sname != NULL && info.dli_saddr == p) {
        printf("%s=sym:%s\n", name, info.dli_sname);
    } else {
        printf("%s=%lld\n", name, (long long) (intptr_t) p);
    }
}

/* A handle of type T: a pointer (Open MPI) or an integer (MPICH). */
#define HANDLE(T, name) do { \
        T h_ = (name); \
        if (sizeof(T) == sizeof(void *)) { void *p_; memcpy(&p_, &h_, sizeof p_); pointer(#name, p_); } \
        else { int i_; memcpy(&i_, &h_, sizeof i_); printf("%s=%d\n", #name, i_); } \
    } while (0)
#define INT(name) printf("%s=%lld\n", #name, (long long) (name))
#define SIZE(T) printf("sizeof.%s=%zu\n", #T, sizeof(T))
#define OFFSET(field) printf("offsetof.MPI_Status.%s=%zu\n", #field, offsetof(MPI_Status, field))

int main(void) {
#if defined(OPEN_MPI)
    printf("implementation=openmpi\n");
#elif defined(MPICH)
    printf("implementation=mpich\n");
#else
    printf("implementation=unknown\n");
#endif
    Dl_info lib;
    if (dladdr((void *) &MPI_Init, &lib) && lib.dli_fname != NULL) printf("library=%s\n", lib.dli_fname);
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_Get_library_version(version, &length);
    char *newline = strchr(version, '\n');
    if (newline != NULL) *newline = '\0';
    printf("library.version=%s\n", version);
    INT(MPI_VERSION);
    INT(MPI_SUBVERSION);
    INT(MPI_MAX_LIBRARY_VERSION_STRING);
    INT(MPI_MAX_ERROR_STRING);
    SIZE(MPI_Comm);
    SIZE(MPI_Group);
    SIZE(MPI_Datatype);
    SIZE(MPI_Request);
    SIZE(MPI_Status);
    OFFSET(MPI_SOURCE);
    OFFSET(MPI_TAG);
    OFFSET(MPI_ERROR);
    HANDLE(MPI_Comm, MPI_COMM_WORLD);
    HANDLE(MPI_Comm, MPI_COMM_NULL);
    HANDLE(MPI_Group, MPI_GROUP_NULL);
    HANDLE(MPI_Datatype, MPI_BYTE);
    HANDLE(MPI_Request, MPI_REQUEST_NULL);
    pointer("MPI_STATUS_IGNORE", (const void *) MPI_STATUS_IGNORE);
    pointer("MPI_IN_PLACE", (const void *) MPI_IN_PLACE);
    INT(MPI_SUCCESS);
    INT(MPI_ANY_SOURCE);
    INT(MPI_ANY_TAG);
    INT(MPI_TAG_UB);
    INT(MPI_THREAD_SINGLE);
    INT(MPI_THREAD_FUNNELED);
    INT(MPI_THREAD_SERIALIZED);
    INT(MPI_THREAD_MULTIPLE);
    return 0;
}
