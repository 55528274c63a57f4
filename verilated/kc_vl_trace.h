/* kc_vl_trace.h — the file behind every model's VCD trace (C++ only), and the
 * way the same VCD tracing writes FST: with fst set, the VCD writer's text goes
 * chunk by chunk to kc_fst_writer (waveform/kc_fst.h), in memory, and only the
 * FST file is written (docs/waveforms.md says why).
 *
 * Verilator's own VerilatedVcdFile hands a failed write (disk full, EIO) back to
 * the VCD writer, which calls vl_fatal(): an exception out of dump() or close(),
 * and again out of ~VerilatedVcdC (which closes the file once more), where it
 * ends the process through std::terminate. This file never fails a write: it
 * keeps the first error (errno), drops the data after it, and the shim reports
 * the error when the trace is closed. Give it to VerilatedVcdC's constructor and
 * delete it after the VerilatedVcdC.
 */
#ifndef KC_VL_TRACE_H
#define KC_VL_TRACE_H

#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "kc_err.h"
#include "kc_fst.h"
#include "verilated_vcd_c.h"

class kc_vl_trace_file final : public VerilatedVcdFile {
public:
    /* fst: the VCD text goes to an FST writer (kc_fst.h) instead of the file. */
    explicit kc_vl_trace_file(bool fst) : fst_(fst) { kc_err_clear(&fst_err_); }
    ~kc_vl_trace_file() override { close(); }

    bool open(const std::string &name) override
    {
        if (fst_) {
            if (kc_fst_writer_open(name.c_str(), &fstw_, &fst_err_) != KC_OK)
                error_ = EIO;
            return fstw_ != nullptr;
        }
        fd_ = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
        if (fd_ < 0)
            error_ = errno;
        return fd_ >= 0;
    }
    void close() override
    {
        if (fstw_) {
            if (kc_fst_writer_close(fstw_, &fst_err_) != KC_OK && !error_)
                error_ = EIO;
            fstw_ = nullptr;
        }
        if (fd_ >= 0 && ::close(fd_) != 0 && !error_)
            error_ = errno;
        fd_ = -1;
    }
    ssize_t write(const char *buf, ssize_t len) override
    {
        if (fstw_) {
            if (!error_ && kc_fst_writer_feed(fstw_, buf, static_cast<size_t>(len), &fst_err_) != KC_OK)
                error_ = EIO;
            return len;
        }
        for (ssize_t done = 0; done < len && !error_ && fd_ >= 0;) {
            ssize_t w = ::write(fd_, buf + done, static_cast<size_t>(len - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                error_ = w < 0 ? errno : ENOSPC;
            else
                done += w;
        }
        return len;   /* "written": the writer must never see a failure */
    }
    /* The first errno of open/write/close, 0 when none. */
    int error() const { return error_; }
    /* What went wrong, for a message (after error() != 0). */
    std::string why() const { return fst_err_.text[0] ? fst_err_.text : std::strerror(error_ ? error_ : EIO); }

private:
    bool fst_;
    int fd_ = -1;
    kc_fst_writer *fstw_ = nullptr;
    kc_err fst_err_;
    int error_ = 0;
};

#endif
